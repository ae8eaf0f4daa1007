using System;
using System.Collections.Generic;
using System.Reflection;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Members
{
    /// <summary>
    /// call_method: finds instance methods by name on the node's hosts (public ones; non-public
    /// ones only when the game allowed them), picks the first overload whose parameters accept
    /// the JSON arguments, and calls it. Methods that reach other members by name
    /// (<c>SendMessage</c>, <c>Invoke</c>, <c>StartCoroutine</c>...) are refused: they would
    /// open what the rules close.
    /// </summary>
    internal static class MethodCaller
    {
        static readonly HashSet<string> ReflectiveMethods = new HashSet<string>(StringComparer.OrdinalIgnoreCase)
        {
            "SendMessage", "SendMessageUpwards", "BroadcastMessage", "Invoke", "InvokeRepeating", "CancelInvoke",
            "IsInvoking", "StartCoroutine", "StopCoroutine",
        };

        public static object Call(IReadOnlyList<MemberHost> hosts, string method, JArray args, ValueMapper mapper, string node,
            bool nonPublic)
        {
            MemberPath path = MemberPath.Parse(method);
            if (path.SubKeys.Length > 0)
                throw new InvalidArgsException("'" + method + "' is not a method name.");
            if (ReflectiveMethods.Contains(path.Member))
                throw new InvalidArgsException(String.Format(
                    "{0}() reaches members by name; use get_property, set_property or call_method on the member itself.",
                    path.Member));
            var overloads = new List<KeyValuePair<MemberHost, MethodInfo>>();
            List<MemberHost> candidates = HostResolver.Candidates(hosts, path, node);
            foreach (MemberHost host in candidates)
            {
                foreach (MethodInfo candidate in Methods(host.Target.GetType(), path.Member, BindingFlags.Public))
                    overloads.Add(new KeyValuePair<MemberHost, MethodInfo>(host, candidate));
            }
            if (overloads.Count == 0)
            {
                foreach (MemberHost host in candidates)
                {
                    foreach (MethodInfo candidate in Methods(host.Target.GetType(), path.Member, BindingFlags.NonPublic))
                    {
                        if (!nonPublic)
                            throw MemberLookup.NotPublic(node, candidate.Name + "()");
                        overloads.Add(new KeyValuePair<MemberHost, MethodInfo>(host, candidate));
                    }
                }
            }
            if (overloads.Count == 0)
                throw new InvalidArgsException(String.Format("{0} has no method '{1}'.", node, method));
            string lastProblem = null;
            foreach (var overload in overloads)
            {
                ParameterInfo[] parameters = overload.Value.GetParameters();
                if (!Accepts(parameters, args.Count))
                    continue;
                object[] values = ConvertArgs(parameters, args, mapper, overload.Value.Name, ref lastProblem);
                if (values == null)
                    continue;
                try
                {
                    return overload.Value.Invoke(overload.Key.Target, values);
                }
                catch (TargetInvocationException error)
                {
                    throw Failures.FromInvocation(error, node + "." + overload.Value.Name + "()");
                }
            }
            throw new InvalidArgsException(lastProblem ?? String.Format("{0}.{1}() takes {2}; got {3} argument(s).",
                node, path.Member, Signatures(overloads), args.Count));
        }

        static IEnumerable<MethodInfo> Methods(Type type, string name, BindingFlags visibility)
        {
            var exact = new List<MethodInfo>();
            var loose = new List<MethodInfo>();
            foreach (MethodInfo candidate in type.GetMethods(visibility | BindingFlags.Instance))
            {
                if (candidate.IsSpecialName || candidate.ContainsGenericParameters || candidate.IsDefined(typeof(ObsoleteAttribute), true)
                    || candidate.Name.StartsWith("<", StringComparison.Ordinal))
                    continue;
                if (candidate.Name == name)
                    exact.Add(candidate);
                else if (string.Equals(candidate.Name, name, StringComparison.OrdinalIgnoreCase))
                    loose.Add(candidate);
            }
            return exact.Count > 0 ? exact : loose;
        }

        static bool Accepts(ParameterInfo[] parameters, int count)
        {
            if (count > parameters.Length)
                return false;
            for (int i = 0; i < parameters.Length; i++)
            {
                if (parameters[i].ParameterType.IsByRef)
                    return false;
                if (i >= count && !parameters[i].IsOptional)
                    return false;
            }
            return true;
        }

        static object[] ConvertArgs(ParameterInfo[] parameters, JArray args, ValueMapper mapper, string method, ref string problem)
        {
            var values = new object[parameters.Length];
            for (int i = 0; i < parameters.Length; i++)
            {
                if (i >= args.Count)
                {
                    values[i] = parameters[i].DefaultValue;
                    continue;
                }
                try
                {
                    values[i] = mapper.FromWire(args[i], parameters[i].ParameterType);
                }
                catch (ValueConversionException error)
                {
                    problem = String.Format("{0}(): argument '{1}' ({2}) must be {3}, got {4}.", method,
                        parameters[i].Name, TypeNames.Of(parameters[i].ParameterType), error.Expected, WireJson.Serialize(args[i]));
                    return null;
                }
            }
            return values;
        }

        static string Signatures(List<KeyValuePair<MemberHost, MethodInfo>> overloads)
        {
            var parts = new List<string>();
            foreach (var overload in overloads)
            {
                var parameters = new List<string>();
                foreach (ParameterInfo parameter in overload.Value.GetParameters())
                    parameters.Add(parameter.Name + ": " + TypeNames.Of(parameter.ParameterType));
                parts.Add("(" + String.Join(", ", parameters.ToArray()) + ")");
            }
            return String.Join(" or ", parts.ToArray());
        }
    }
}
